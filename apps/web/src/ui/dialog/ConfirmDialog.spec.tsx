import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function renderDialog() {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(<ConfirmDialog title="Delete user" text="ann@example.com will be deactivated." confirmLabel="Delete" onConfirm={onConfirm} onClose={onClose} />);
  return { onConfirm, onClose };
}

describe('ConfirmDialog', () => {
  it('runs the action only on its confirming button', async () => {
    const { onConfirm, onClose } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Delete user' })).toHaveTextContent('ann@example.com will be deactivated.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does nothing on Cancel or Escape but close', async () => {
    const { onConfirm, onClose } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
