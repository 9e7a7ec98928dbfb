import { describe, expect, it } from 'vitest';
import {
  addNotification,
  createNotification,
  isUrgent,
  markLeaving,
  NOTIFICATION_TIMEOUT_MS,
  removeNotification,
  TOAST_DEFAULTS,
  toastStillDue,
} from '@/lib/domain/notifications';

let counter = 0;
const makeId = () => `n${++counter}`;

describe('info bar notifications', () => {
  it('are INFO and close after 5 s unless told otherwise', () => {
    const item = createNotification({ message: 'Merhaba' }, makeId);
    expect(item).toMatchObject({ type: 'INFO', message: 'Merhaba', timeout: 5000, leaving: false });
    expect(NOTIFICATION_TIMEOUT_MS).toBe(5000);
    expect(createNotification({ message: 'x', timeout: null }, makeId).timeout).toBeNull();
    expect(createNotification({ id: 'fixed', type: 'ERROR', message: 'x' }, makeId).id).toBe('fixed');
  });

  it('list the newest first and never twice with the same id', () => {
    let list = addNotification([], createNotification({ id: 'a', message: 'A' }, makeId));
    list = addNotification(list, createNotification({ id: 'b', message: 'B' }, makeId));
    list = addNotification(list, createNotification({ id: 'a', message: 'A again' }, makeId));
    expect(list.map((item) => [item.id, item.message])).toEqual([
      ['a', 'A again'],
      ['b', 'B'],
    ]);
  });

  it('are removed by id, by type or all at once, with a close animation first', () => {
    let list = [
      createNotification({ id: 'a', type: 'INFO', message: 'A' }, makeId),
      createNotification({ id: 'b', type: 'ERROR', message: 'B' }, makeId),
      createNotification({ id: 'c', type: 'ERROR', message: 'C' }, makeId),
    ];
    list = markLeaving(list, (item) => item.type === 'ERROR');
    expect(list.map((item) => item.leaving)).toEqual([false, true, true]);
    expect(markLeaving(list, (item) => item.type === 'ERROR')).toBe(list);
    list = markLeaving(list, () => true);
    expect(list.every((item) => item.leaving)).toBe(true);
    list = removeNotification(list, 'b');
    expect(list.map((item) => item.id)).toEqual(['a', 'c']);
    expect(removeNotification(list, 'x')).toBe(list);
  });

  it('interrupt screen readers only for DANGER and ERROR', () => {
    expect(isUrgent('INFO')).toBe(false);
    expect(isUrgent('SUCCESS')).toBe(false);
    expect(isUrgent('DANGER')).toBe(true);
    expect(isUrgent('ERROR')).toBe(true);
  });

  it('toasts sit top right for 5000 ms', () => {
    expect(TOAST_DEFAULTS).toMatchObject({ position: 'top-right', duration: 5000 });
  });

  it('§9 toasts: maximum animation delay 6000 ms: a toast not started 6000 ms after it was asked for is dropped', () => {
    expect(TOAST_DEFAULTS.maxAnimationDelayMs).toBe(6000);
    expect(toastStillDue(10_000, 10_000)).toBe(true);
    expect(toastStillDue(10_000, 16_000)).toBe(true);
    expect(toastStillDue(10_000, 16_001)).toBe(false);
  });
});
