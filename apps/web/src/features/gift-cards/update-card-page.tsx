import { useNavigate } from 'react-router';
import {
  giftCardFromForm,
  messages,
  type GiftCard,
  type GiftCardForm,
  type GiftCardFormInput,
} from '@strideadmin/contract';
import { Card } from '../../components/card';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useGoBack } from '../../lib/go-back';
import { useIdParam } from '../../lib/id-param';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useGiftCard } from './api/get-gift-card';
import { useUpdateGiftCard } from './api/update-gift-card';
import { CardForm } from './card-form';

/** The stored card as the form's values (docs/behaviour.md §3: the form calls the Coin Price `coinPrice`). */
function toFormValues(card: GiftCard): GiftCardFormInput {
  return {
    serialNumber: card.serialNumber,
    controlCode: card.controlCode,
    coinPrice: card.price,
    currency: card.currency,
    amount: card.amount,
    storeName: card.storeName,
    storeAddress: card.storeAddress,
    validTill: card.validTill.slice(0, 10), // a date input takes YYYY-MM-DD
    expiryDuration: card.expiryDuration,
    cardPicture: card.cardPicture ?? '',
  };
}

/** Where a record that cannot be loaded sends the user back to. */
const backToList = { backTo: paths.cardList, backLabel: 'Go to gift cards' };

/** docs/behaviour.md §2 Update Gift Card: loads the card by id (GET /giftcard/{id}, body[0]) into the card form. */
export function UpdateCardPage() {
  const id = useIdParam();
  const card = useGiftCard(id);
  if (id === null) return <LoadFailed notFound={messages.giftCardNotFound} {...backToList} />;
  if (card.isPending) return <Spinner label="Loading" className="mx-auto mt-24 size-6" />;
  if (card.isError)
    return (
      <LoadFailed
        error={card.error}
        notFound={messages.giftCardNotFound}
        onRetry={() => void card.refetch()}
        {...backToList}
      />
    );
  return <UpdateCardForm card={card.data} />;
}

function UpdateCardForm({ card }: { card: GiftCard }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.cardList);
  const updateGiftCard = useUpdateGiftCard();

  async function save(values: GiftCardForm) {
    const res = await updateGiftCard.mutateAsync({ updateId: card.id, ...giftCardFromForm(values) });
    toast.success(res.message ?? messages.giftCardUpdated);
    void navigate(paths.cardList); // docs/behaviour.md §4: an edited gift card goes to /card-list
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Update Gift Card" description={`Serial number ${card.serialNumber}`} />
      <Card>
        <CardForm
          label="Update gift card"
          defaultValues={toFormValues(card)}
          submitLabel="Save Changes"
          onSubmit={save}
          onCancel={goBack}
        />
      </Card>
    </div>
  );
}
