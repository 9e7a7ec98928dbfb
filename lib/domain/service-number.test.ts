import { describe, expect, it } from 'vitest';
import {
  SERVICE_NUMBER_ATTEMPTS,
  connectionTypeForServiceNumber,
  initialServiceNumberAttempts,
  isServiceNumber,
  nextAttemptState,
  type ServiceNumberAttempts,
  type ServiceNumberOutcome,
} from '@/lib/domain/service-number';

describe('isServiceNumber', () => {
  it('needs at least 5 digits', () => {
    expect(isServiceNumber('12345')).toBe(true);
    expect(isServiceNumber('8812345678')).toBe(true);
    expect(isServiceNumber('1234')).toBe(false);
    expect(isServiceNumber('')).toBe(false);
  });

  it('refuses anything but digits', () => {
    expect(isServiceNumber('12a45')).toBe(false);
    expect(isServiceNumber('12 345')).toBe(false);
    expect(isServiceNumber('-12345')).toBe(false);
    expect(isServiceNumber('١٢٣٤٥')).toBe(false);
  });

  it('ignores surrounding whitespace', () => {
    expect(isServiceNumber(' 12345 ')).toBe(true);
  });
});

describe('connectionTypeForServiceNumber', () => {
  it.each([
    ['8812345', 2],
    ['1812345', 2],
    ['1712345', 1],
    ['88', 2],
    [' 1799999 ', 1],
    ['1912345', null],
    ['8712345', null],
    ['1', null],
    ['', null],
    ['88ab', null],
    ['17a45', null],
    ['x1712345', null],
    ['+8812345', null],
  ] as const)('%j -> %j', (value, type) => {
    expect(connectionTypeForServiceNumber(value)).toBe(type);
  });
});

describe('nextAttemptState', () => {
  const invalid: ServiceNumberOutcome = { kind: 'invalid' };
  const upstream = (message: string | null): ServiceNumberOutcome => ({ kind: 'upstream', message });
  const run = (outcomes: ServiceNumberOutcome[], from: ServiceNumberAttempts = initialServiceNumberAttempts) =>
    outcomes.reduce(nextAttemptState, from);

  it('allows three attempts', () => {
    expect(SERVICE_NUMBER_ATTEMPTS).toBe(3);
  });

  it('starts with no failure and the contact form closed', () => {
    expect(initialServiceNumberAttempts).toEqual({ failures: 0, lastError: null, openContactForm: false });
  });

  it('counts short input and upstream errors alike', () => {
    expect(run([invalid])).toEqual({ failures: 1, lastError: invalid, openContactForm: false });
    expect(run([invalid, upstream('Hata')])).toEqual({ failures: 2, lastError: upstream('Hata'), openContactForm: false });
  });

  it('opens the contact form on the third failure with the last error', () => {
    expect(run([invalid, invalid, upstream('Numara bulunamadı')])).toEqual({
      failures: 3,
      lastError: upstream('Numara bulunamadı'),
      openContactForm: true,
    });
    expect(run([upstream(null), upstream(null), invalid])).toEqual({ failures: 3, lastError: invalid, openContactForm: true });
  });

  it('starts over after a success', () => {
    expect(run([invalid, invalid, { kind: 'success' }])).toEqual(initialServiceNumberAttempts);
    expect(run([invalid, invalid, { kind: 'success' }, invalid]).failures).toBe(1);
  });

  it('starts a new round after the contact form opened', () => {
    const afterForm = run([invalid, invalid, invalid, upstream('x')]);
    expect(afterForm).toEqual({ failures: 1, lastError: upstream('x'), openContactForm: false });
    expect(run([invalid, invalid]).openContactForm).toBe(false);
    expect(run(Array.from({ length: 6 }, () => invalid)).openContactForm).toBe(true);
  });

  it('does not mutate the state it is given', () => {
    const state = { ...initialServiceNumberAttempts };
    nextAttemptState(state, invalid);
    expect(state).toEqual(initialServiceNumberAttempts);
  });

  it('repairs an out-of-range state', () => {
    expect(nextAttemptState({ failures: -4, lastError: null, openContactForm: false }, invalid).failures).toBe(1);
    expect(nextAttemptState({ failures: 9, lastError: null, openContactForm: false }, invalid)).toEqual({
      failures: 3,
      lastError: invalid,
      openContactForm: true,
    });
  });
});
