import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { FileUpload } from '../../src/components/file-upload';

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

describe('FileUpload (docs/behaviour.md §2 file upload box)', () => {
  test('shows the spec hint and hands the chosen file over', async () => {
    const onFile = vi.fn();
    render(<FileUpload label="Card Picture" kind="image" onFile={onFile} />);
    expect(screen.getByText('PNG, JPG, GIF up to 10MB')).toBeInTheDocument();
    const file = png();
    await userEvent.setup().upload(screen.getByLabelText('Card Picture'), file);
    expect(onFile).toHaveBeenCalledWith(file);
  });

  test('the file input is reachable from the keyboard (it is the focusable control of the box)', async () => {
    render(<FileUpload label="Card Picture" kind="image" onFile={() => {}} />);
    await userEvent.setup().tab();
    expect(screen.getByLabelText('Card Picture')).toHaveFocus();
  });

  test('previews a stored image address', () => {
    render(
      <FileUpload
        label="Profile Picture"
        kind="image"
        value="http://x.test/uploads/profile_Images/a.png"
        onFile={() => {}}
      />,
    );
    expect(screen.getByRole('img', { name: 'Preview' })).toHaveAttribute(
      'src',
      'http://x.test/uploads/profile_Images/a.png',
    );
  });

  test('a CSV shows a generic icon and its file name, not a preview', () => {
    const csv = new File(['Serial Number\n1'], 'cards.csv', { type: 'text/csv' });
    render(<FileUpload label="CSV" kind="csv" value={csv} onFile={() => {}} />);
    expect(screen.getByTestId('csv-file')).toHaveTextContent('cards.csv');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  test('takes a dropped file', () => {
    const onFile = vi.fn();
    render(<FileUpload label="Card Picture" kind="image" onFile={onFile} />);
    const file = png();
    fireEvent.drop(screen.getByTestId('file-upload'), { dataTransfer: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
  });

  test('shows its error text', () => {
    render(<FileUpload label="Card Picture" kind="image" onFile={() => {}} error="Card Picture is required" />);
    expect(screen.getByText('Card Picture is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Card Picture')).toHaveAttribute('aria-invalid', 'true');
  });
});
