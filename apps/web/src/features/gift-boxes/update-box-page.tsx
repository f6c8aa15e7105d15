import { useNavigate } from 'react-router';
import { messages, type CreateGiftBoxConfig, type GiftBoxConfigDetail } from '@strideadmin/contract';
import { Card } from '../../components/card';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useGoBack } from '../../lib/go-back';
import { useIdParam } from '../../lib/id-param';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useGiftBoxConfig } from './api/get-gift-box-config';
import { useUpdateGiftBoxConfig } from './api/update-gift-box-config';
import { BoxConfigForm } from './box-config-form';
import { ManualBoxes } from './manual-boxes';

/** Where a record that cannot be loaded sends the user back to. */
const backToList = { backTo: paths.boxList, backLabel: 'Go to gift box configs' };

/** /update-box?id: loads the config (GET /giftbox/{id}) into the form, and lists its hand-placed boxes. */
export function UpdateBoxPage() {
  const id = useIdParam();
  const config = useGiftBoxConfig(id);
  if (id === null) return <LoadFailed notFound={messages.giftBoxConfigNotFound} {...backToList} />;
  if (config.isPending) return <Spinner label="Loading" className="mx-auto mt-24 size-6" />;
  if (config.isError)
    return (
      <LoadFailed
        error={config.error}
        notFound={messages.giftBoxConfigNotFound}
        onRetry={() => void config.refetch()}
        {...backToList}
      />
    );
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title="Update Gift Box Config" description={config.data.type} />
      <UpdateBoxForm config={config.data} />
      <ManualBoxes config={config.data} />
    </div>
  );
}

function UpdateBoxForm({ config }: { config: GiftBoxConfigDetail }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.boxList);
  const updateConfig = useUpdateGiftBoxConfig();

  async function save(values: CreateGiftBoxConfig) {
    const res = await updateConfig.mutateAsync({ updateId: config.id, ...values });
    toast.success(res.message ?? messages.giftBoxConfigUpdated);
    void navigate(paths.boxList);
  }

  return (
    <Card title="Config">
      <BoxConfigForm
        label="Update gift box config"
        defaultValues={{
          type: config.type,
          minCoins: config.minCoins,
          maxCoins: config.maxCoins,
          stepsToUnlock: config.stepsToUnlock,
          boxesPerDay: config.boxesPerDay,
          isActive: config.isActive,
        }}
        submitLabel="Save Changes"
        onSubmit={save}
        onCancel={goBack}
      />
    </Card>
  );
}
