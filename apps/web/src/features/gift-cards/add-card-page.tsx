import { useNavigate } from 'react-router';
import { giftCardFromForm, messages, type GiftCardForm } from '@strideadmin/contract';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { useGoBack } from '../../lib/go-back';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useCreateGiftCard } from './api/create-gift-card';
import { CardForm } from './card-form';

/**
 * /add-card: one new gift card through the card form; success goes to the list (as an edit does,
 * docs/behaviour.md §4).
 */
export function AddCardPage() {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.cardList);
  const createGiftCard = useCreateGiftCard();

  async function save(values: GiftCardForm) {
    const res = await createGiftCard.mutateAsync(giftCardFromForm(values));
    toast.success(res.message ?? messages.giftCardCreated);
    void navigate(paths.cardList);
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Add Gift Card" description="Every field is required." />
      <Card>
        <CardForm
          label="Add gift card"
          defaultValues={{
            serialNumber: '',
            controlCode: '',
            currency: '',
            storeName: '',
            storeAddress: '',
            validTill: '',
            cardPicture: '',
          }}
          submitLabel="Add Gift Card"
          onSubmit={save}
          onCancel={goBack}
        />
      </Card>
    </div>
  );
}
