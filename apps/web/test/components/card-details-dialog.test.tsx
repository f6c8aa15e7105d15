import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { CardDetailsDialog } from '../../src/components/card-details-dialog';
import { makeGiftCard } from '../support/gift-cards';

/** The dialog's term/description pairs, in order. */
function fields(dialog: HTMLElement): [string, string][] {
  return within(dialog)
    .getAllByRole('term')
    .map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);
}

const readable = (iso: string) =>
  new Date(`${iso}T00:00:00`).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

describe('CardDetailsDialog (docs/behaviour.md §2 Card Details dialog)', () => {
  test('shows the picture and the nine fields: capitalised store, readable date, hours and minutes', () => {
    render(<CardDetailsDialog card={makeGiftCard()} onClose={() => {}} onEdit={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Card Details' });
    expect(within(dialog).getByRole('img', { name: 'Card SN-0041' })).toHaveAttribute(
      'src',
      'http://x.test/uploads/gift_card_images/card.png',
    );
    expect(fields(dialog)).toEqual([
      ['Serial Number', 'SN-0041'],
      ['Coin Price', '1200'],
      ['Currency of Card', 'SEK'],
      ['Amount of Card', '500'],
      ['Store Name', 'Ica maxi'],
      ['Store Address', 'Storgatan 1, Stockholm'],
      ['Valid Till', readable('2099-12-31')],
      ['Expiry Duration (Minutes)', '2 Hours 30 Minutes'],
      ['Expired', 'No'],
    ]);
  });

  test('an expired card with a short duration and no picture', () => {
    render(
      <CardDetailsDialog
        card={makeGiftCard({ isExpired: true, expiryDuration: 45, cardPicture: null })}
        onClose={() => {}}
        onEdit={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Card Details' });
    expect(Object.fromEntries(fields(dialog))).toMatchObject({
      'Expiry Duration (Minutes)': '45 Minutes',
      Expired: 'Yes',
    });
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(dialog).toHaveTextContent('No picture');
  });

  test('a redeemed card whose code ran out says when it was redeemed and when its code expired', () => {
    const redeemedAt = '2026-03-02T10:00:00.000Z';
    render(
      <CardDetailsDialog
        card={makeGiftCard({ isExpired: true, redeemedAt, expiryDuration: 90 })}
        onClose={() => {}}
        onEdit={() => {}}
      />,
    );
    const at = (iso: string) =>
      new Date(iso).toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
    // Valid Till is years away; the rows before Expired say why it is Yes.
    expect(fields(screen.getByRole('dialog')).slice(6)).toEqual([
      ['Valid Till', readable('2099-12-31')],
      ['Expiry Duration (Minutes)', '1 Hours 30 Minutes'],
      ['Redeemed', at(redeemedAt)],
      ['Code Expired', at('2026-03-02T11:30:00.000Z')],
      ['Expired', 'Yes'],
    ]);
  });

  test('a card redeemed a moment ago says when its code expires', () => {
    const redeemedAt = new Date(Date.now() - 60_000).toISOString();
    render(<CardDetailsDialog card={makeGiftCard({ redeemedAt, expiryDuration: 60 })} onClose={() => {}} />);
    const shown = Object.fromEntries(fields(screen.getByRole('dialog')));
    expect(shown['Code Expires']).toBeDefined();
    expect(shown['Code Expired']).toBeUndefined();
    expect(shown.Expired).toBe('No');
  });

  test('minutes over 59 read as hours and minutes (docs/behaviour.md §9)', () => {
    render(<CardDetailsDialog card={makeGiftCard({ expiryDuration: 60 })} onClose={() => {}} onEdit={() => {}} />);
    expect(Object.fromEntries(fields(screen.getByRole('dialog')))['Expiry Duration (Minutes)']).toBe(
      '1 Hours 0 Minutes',
    );
  });

  test('Edit hands the card back; Close, the close icon and Escape close it', async () => {
    const user = userEvent.setup();
    const card = makeGiftCard();
    const onEdit = vi.fn();
    const onClose = vi.fn();
    render(<CardDetailsDialog card={card} onClose={onClose} onEdit={onEdit} />);
    const dialog = screen.getByRole('dialog', { name: 'Card Details' });

    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(card);

    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closeButtons).toHaveLength(2); // the footer button and the icon in the title bar
    for (const b of closeButtons) await user.click(b);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  test('no card: no dialog', () => {
    render(<CardDetailsDialog card={null} onClose={() => {}} onEdit={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
