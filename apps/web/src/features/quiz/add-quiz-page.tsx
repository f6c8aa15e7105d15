import { useNavigate } from 'react-router';
import { messages, type CreateQuiz } from '@strideadmin/contract';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { useGoBack } from '../../lib/go-back';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useCreateQuiz } from './api/create-quiz';
import { QuizForm } from './quiz-form';

/** /add-quiz: a new quiz question; success goes to the list. */
export function AddQuizPage() {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.quizList);
  const createQuiz = useCreateQuiz();

  async function save(values: CreateQuiz) {
    const res = await createQuiz.mutateAsync(values);
    toast.success(res.message ?? messages.quizCreated);
    void navigate(paths.quizList);
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Add Quiz Question" description="App users answer it once; a right answer earns its coins." />
      <Card>
        <QuizForm
          label="Add quiz question"
          defaultValues={{
            question: '',
            option1: '',
            option2: '',
            option3: '',
            option4: '',
            isActive: true,
          }}
          submitLabel="Add Quiz Question"
          onSubmit={save}
          onCancel={goBack}
        />
      </Card>
    </div>
  );
}
