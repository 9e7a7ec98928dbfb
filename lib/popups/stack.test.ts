import { describe, expect, it } from 'vitest';
import { closeDuration, markClosing, openEntry, popupSize, removeEntry, type StackEntry, topEntry } from '@/lib/popups/stack';

const entry = (id: string, extra: Partial<StackEntry> = {}): StackEntry => ({ id, closing: false, ...extra });

describe('popup stack', () => {
  it('is mini by default and big when a user is logged in', () => {
    expect(popupSize(undefined, false)).toBe('mini');
    expect(popupSize(undefined, true)).toBe('big');
    expect(popupSize('full', false)).toBe('full');
    expect(popupSize('mini', true)).toBe('mini');
  });

  it('stacks several popups, newest on top', () => {
    const stack = openEntry(openEntry([], entry('a')), entry('b'));
    expect(stack.map((item) => item.id)).toEqual(['a', 'b']);
    expect(topEntry(stack)?.id).toBe('b');
  });

  it('replaces a popup opened again with the same id instead of duplicating it', () => {
    const stack = openEntry(openEntry(openEntry([], entry('a')), entry('b')), entry('a', { size: 'big' }));
    expect(stack.map((item) => item.id)).toEqual(['a', 'b']);
    expect(stack[0]?.size).toBe('big');
  });

  it('puts a popup reopened during its close animation back on top', () => {
    let stack = openEntry(openEntry([], entry('a')), entry('b'));
    stack = markClosing(stack, 'a');
    stack = openEntry(stack, entry('a'));
    expect(stack.map((item) => [item.id, item.closing])).toEqual([
      ['b', false],
      ['a', false],
    ]);
  });

  it('keeps a closing popup drawn but not on top, then removes it', () => {
    let stack = openEntry(openEntry([], entry('a')), entry('b'));
    stack = markClosing(stack, 'b');
    expect(stack).toHaveLength(2);
    expect(topEntry(stack)?.id).toBe('a');
    stack = removeEntry(stack, 'b');
    expect(stack.map((item) => item.id)).toEqual(['a']);
    expect(topEntry(markClosing(stack, 'a'))).toBeUndefined();
  });

  it('leaves the stack unchanged for unknown or already closing ids', () => {
    const stack = markClosing(openEntry([], entry('a')), 'a');
    expect(markClosing(stack, 'a')).toBe(stack);
    expect(markClosing(stack, 'x')).toBe(stack);
    expect(removeEntry(stack, 'x')).toBe(stack);
  });

  it('keeps a popup opened again under the same id while the old one was closing', () => {
    let stack = openEntry(openEntry([], entry('a')), entry('b'));
    stack = openEntry(markClosing(stack, 'b'), entry('b'));
    expect(removeEntry(stack, 'b')).toBe(stack);
    expect(stack.map((item) => [item.id, item.closing])).toEqual([
      ['a', false],
      ['b', false],
    ]);
    expect(removeEntry(stack, 'a')).toBe(stack);
  });

  it('animates closing for 400 ms unless reduced motion is asked for', () => {
    expect(closeDuration(false)).toBe(400);
    expect(closeDuration(true)).toBe(0);
  });
});
