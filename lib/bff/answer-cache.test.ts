import { describe, expect, it } from 'vitest';
import { AnswerCache, reusableAnswerKey } from '@/lib/bff/answer-cache';

const envelope = (data: unknown) => ({ status: true, data });

describe('AnswerCache', () => {
  it('answers what it holds until the time to live has passed', () => {
    let now = 1_000;
    const cache = new AnswerCache(500, 10, () => now);
    cache.set('a', envelope([1]));
    now = 1_500;
    // lru-cache's boundary: stale once more than the time to live has passed.
    expect(cache.get('a')).toEqual(envelope([1]));
    now = 1_501;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry past its size', () => {
    const cache = new AnswerCache(60_000, 2);
    cache.set('a', envelope('a'));
    cache.set('b', envelope('b'));
    cache.get('a');
    cache.set('c', envelope('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(envelope('a'));
    expect(cache.get('c')).toEqual(envelope('c'));
  });

  it('counts an answer stored again as the newest', () => {
    const cache = new AnswerCache(60_000, 2);
    cache.set('a', envelope('a'));
    cache.set('b', envelope('b'));
    cache.set('a', envelope('a2'));
    cache.set('c', envelope('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(envelope('a2'));
    expect(cache.size).toBe(2);
  });

  it('keeps nothing with a time to live of 0', () => {
    const cache = new AnswerCache(0, 10);
    cache.set('a', envelope('a'));
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('reusableAnswerKey', () => {
  it('names address lists per level, parent and language', () => {
    expect(reusableAnswerKey('infrastructure', { type: 'city', parent_id: 34 }, 'tr')).toBe('infrastructure|tr|city|34');
    expect(reusableAnswerKey('infrastructure', { type: 'city', parent_id: 34 }, 'en')).not.toBe(reusableAnswerKey('infrastructure', { type: 'city', parent_id: 34 }, 'tr'));
    expect(reusableAnswerKey('infrastructure', { type: 'building', parent_id: '1200-7' }, 'tr')).toBe('infrastructure|tr|building|1200-7');
  });

  it('never reuses a door’s infrastructure or any other call', () => {
    expect(reusableAnswerKey('infrastructure', { type: 'apartment', parent_id: 123 }, 'tr')).toBeUndefined();
    expect(reusableAnswerKey('authStart', { nationality_number: '10000000146' }, 'tr')).toBeUndefined();
    expect(reusableAnswerKey('infrastructure', undefined, 'tr')).toBeUndefined();
  });
});
