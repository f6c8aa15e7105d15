import { useNavigate } from 'react-router';
import { messages, type CreateGiftBoxConfig } from '@strideadmin/contract';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { useGoBack } from '../../lib/go-back';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useCreateGiftBoxConfig } from './api/create-gift-box-config';
import { BoxConfigForm } from './box-config-form';

/** /add-box: a new gift box config; success goes to the list. */
export function AddBoxPage() {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.boxList);
  const createConfig = useCreateGiftBoxConfig();

  async function save(values: CreateGiftBoxConfig) {
    const res = await createConfig.mutateAsync(values);
    toast.success(res.message ?? messages.giftBoxConfigCreated);
    void navigate(paths.boxList);
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Add Gift Box Config"
        description="Boxes of this config appear on the map around walkers in the app."
      />
      <Card>
        <BoxConfigForm
          label="Add gift box config"
          defaultValues={{ type: '', isActive: true }}
          submitLabel="Add Config"
          onSubmit={save}
          onCancel={goBack}
        />
      </Card>
    </div>
  );
}
