import { useNavigate } from 'react-router';
import { messages, type CreateQuiz, type QuizQuestion } from '@strideadmin/contract';
import { Card } from '../../components/card';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useGoBack } from '../../lib/go-back';
import { useIdParam } from '../../lib/id-param';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useQuiz } from './api/get-quiz';
import { useUpdateQuiz } from './api/update-quiz';
import { QuizForm } from './quiz-form';

/** Where a record that cannot be loaded sends the user back to. */
const backToList = { backTo: paths.quizList, backLabel: 'Go to quiz questions' };

/** /update-quiz?id: loads the question by id (GET /quiz/{id}) into the quiz form. */
export function UpdateQuizPage() {
  const id = useIdParam();
  const quiz = useQuiz(id);
  if (id === null) return <LoadFailed notFound={messages.quizNotFound} {...backToList} />;
  if (quiz.isPending) return <Spinner label="Loading" className="mx-auto mt-24 size-6" />;
  if (quiz.isError)
    return (
      <LoadFailed
        error={quiz.error}
        notFound={messages.quizNotFound}
        onRetry={() => void quiz.refetch()}
        {...backToList}
      />
    );
  return <UpdateQuizForm quiz={quiz.data} />;
}

function UpdateQuizForm({ quiz }: { quiz: QuizQuestion }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.quizList);
  const updateQuiz = useUpdateQuiz();

  async function save(values: CreateQuiz) {
    const res = await updateQuiz.mutateAsync({ updateId: quiz.id, ...values });
    toast.success(res.message ?? messages.quizUpdated);
    void navigate(paths.quizList);
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Update Quiz Question" description={`Question #${quiz.id}`} />
      <Card>
        <QuizForm
          label="Update quiz question"
          defaultValues={{
            question: quiz.question,
            option1: quiz.option1,
            option2: quiz.option2,
            option3: quiz.option3,
            option4: quiz.option4,
            correctOption: quiz.correctOption,
            language: quiz.language,
            coins: quiz.coins,
            isActive: quiz.isActive,
          }}
          submitLabel="Save Changes"
          onSubmit={save}
          onCancel={goBack}
        />
      </Card>
    </div>
  );
}
