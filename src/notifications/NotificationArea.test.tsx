import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogue } from './catalogue';
import { NotificationArea } from './NotificationArea';
import { notifications, notify } from './store';

afterEach(() => {
  act(() => notifications.clear());
  vi.useRealTimers();
});

const show = (...args: Parameters<typeof notify>) => {
  let id = '';
  act(() => {
    id = notify(...args);
  });
  return id;
};

describe('NotificationArea', () => {
  it('renders nothing inside an empty area', () => {
    const { container } = render(<NotificationArea />);
    const area = container.querySelector('.notification-area');
    expect(area).toBeInTheDocument();
    expect(area).toBeEmptyDOMElement();
  });

  it('shows title, message, type class and icon of each notification', () => {
    render(<NotificationArea />);
    show(catalogue.logout);
    const card = screen.getByRole('status');
    expect(card).toHaveClass('notification', 'notification--success');
    expect(within(card).getByText('Goodbye').tagName).toBe('STRONG');
    expect(within(card).getByText('You have been logged out successfully')).toBeInTheDocument();
    const icon = card.querySelector('svg.notification__icon--success');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('uses the danger style for errors and keeps the other type names (SPEC §8)', () => {
    render(<NotificationArea />);
    show(catalogue.networkError);
    show(catalogue.formValidation);
    show(catalogue.alreadyAuthenticated);
    show(catalogue.success);
    const cards = document.querySelectorAll('.notification');
    expect([...cards].map((card) => card.className)).toEqual([
      'notification notification--danger',
      'notification notification--warning',
      'notification notification--info',
      'notification notification--success',
    ]);
    expect(cards[0]?.querySelector('.notification__icon--error')).not.toBeNull();
    expect(cards[1]?.querySelector('.notification__icon--warning')).not.toBeNull();
    expect(cards[2]?.querySelector('.notification__icon--info')).not.toBeNull();
  });

  it('announces errors and warnings as alerts, success and info politely', () => {
    render(<NotificationArea />);
    show(catalogue.unauthorized);
    show(catalogue.authRequired);
    show(catalogue.success);
    show(catalogue.alreadyAuthenticated);
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Access Denied'),
      expect.stringContaining('Authentication Required'),
    ]);
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Success'),
      expect.stringContaining('Already Authenticated'),
    ]);
    statuses.forEach((s) => expect(s).toHaveAttribute('aria-live', 'polite'));
  });

  it('removes a notification when its close button is pressed', async () => {
    const user = userEvent.setup();
    render(<NotificationArea />);
    const id = show(catalogue.loginFailed);
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Invalid credentials. Please try again.')).not.toBeInTheDocument();
    expect(notifications.getSnapshot().some((n) => n.id === id)).toBe(false);
  });

  it('has no close button when the notification is not closable', () => {
    render(<NotificationArea />);
    show(catalogue.success, { closable: false });
    expect(screen.getByText('Operation completed successfully')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close notification' })).not.toBeInTheDocument();
  });

  it('closes the focused notification on Escape and moves focus to the next one', async () => {
    const user = userEvent.setup();
    render(<NotificationArea />);
    show(catalogue.networkError);
    show(catalogue.unauthorized);
    const [first, second] = screen.getAllByRole('button', { name: 'Close notification' });
    first?.focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Connection Error')).not.toBeInTheDocument();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(second).toHaveFocus();
  });

  it('does not let Escape reach listeners outside the notification', async () => {
    const user = userEvent.setup();
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    render(<NotificationArea />);
    show(catalogue.error);
    screen.getByRole('button', { name: 'Close notification' }).focus();
    await user.keyboard('{Escape}');
    document.removeEventListener('keydown', outside);
    expect(outside).not.toHaveBeenCalled();
  });

  it('ignores other keys on the close button', async () => {
    const user = userEvent.setup();
    render(<NotificationArea />);
    show(catalogue.error);
    screen.getByRole('button', { name: 'Close notification' }).focus();
    await user.keyboard('a');
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  it('disappears when its timer runs out', () => {
    vi.useFakeTimers();
    render(<NotificationArea />);
    show(catalogue.success);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Success')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Success')).not.toBeInTheDocument();
  });

  it('waits while the pointer rests on it, then runs the full duration again', () => {
    vi.useFakeTimers();
    render(<NotificationArea />);
    show(catalogue.success);
    const card = screen.getByRole('status');
    fireEvent.mouseEnter(card);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('Success')).toBeInTheDocument();
    fireEvent.mouseLeave(card);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Success')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Success')).not.toBeInTheDocument();
  });

  it('waits while its close button has keyboard focus', () => {
    vi.useFakeTimers();
    render(<NotificationArea />);
    show(catalogue.success);
    const button = screen.getByRole('button', { name: 'Close notification' });
    act(() => button.focus());
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('Success')).toBeInTheDocument();
    act(() => button.blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Success')).not.toBeInTheDocument();
  });
});
