// @vitest-environment happy-dom
/**
 * The quantity counter (− field +) without react-aria (ADR 044, "/basket's counter of its own"): the buttons
 * step within the bounds and stop at them, typing waits for Enter or leaving the field and is clamped, the
 * keys step, and the names say whose quantity it is.
 */
import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '../../../tests/setup/screen';
import { Counter } from './counter';

afterEach(cleanup);

/** A counter that keeps what it is told, as the basket's optimistic state does, and records each change. */
function Kept({
  start,
  changes,
  ...bounds
}: {
  start: number;
  changes: number[];
  min?: number;
  max?: number;
}) {
  const [value, setValue] = useState(start);
  return (
    <Counter
      value={value}
      itemName="Айран 0,5 л"
      {...bounds}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: 'Количество: Айран 0,5 л' }) as HTMLInputElement;
const less = () =>
  screen.getByRole('button', { name: 'Уменьшить количество: Айран 0,5 л' }) as HTMLButtonElement;
const more = () =>
  screen.getByRole('button', { name: 'Увеличить количество: Айран 0,5 л' }) as HTMLButtonElement;

describe('Counter', () => {
  it('is a group of the field’s name with − and + named after the item', () => {
    render(<Kept start={2} changes={[]} />);
    const group = screen.getByRole('group', { name: 'Количество: Айран 0,5 л' });
    expect(group.contains(field())).toBe(true);
    expect(field().value).toBe('2');
    expect(field().inputMode).toBe('numeric');
    expect([less().type, more().type]).toEqual(['button', 'button']);
  });

  it('steps with its buttons and stops at its bounds, the focus kept in the field there', () => {
    const changes: number[] = [];
    render(<Kept start={2} max={3} changes={changes} />);
    fireEvent.click(more());
    expect(field().value).toBe('3');
    expect(more().disabled).toBe(true);
    expect(document.activeElement).toBe(field());
    fireEvent.click(less());
    fireEvent.click(less());
    fireEvent.click(less());
    expect(field().value).toBe('0');
    expect(less().disabled).toBe(true);
    expect(changes).toEqual([3, 2, 1, 0]);
  });

  it('commits typing on Enter or on leaving the field, clamped, and nothing while typing', () => {
    const changes: number[] = [];
    render(<Kept start={1} min={1} max={100} changes={changes} />);
    fireEvent.change(field(), { target: { value: '4a2' } });
    expect(field().value).toBe('42');
    expect(changes).toEqual([]);
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(changes).toEqual([42]);
    fireEvent.change(field(), { target: { value: '500' } });
    fireEvent.blur(field());
    expect(field().value).toBe('100');
    fireEvent.change(field(), { target: { value: '0' } });
    fireEvent.blur(field());
    expect(field().value).toBe('1');
    expect(changes).toEqual([42, 100, 1]);
    expect(field().maxLength).toBe(3);
  });

  it('goes back to the value when the typing is emptied or escaped', () => {
    const changes: number[] = [];
    render(<Kept start={5} changes={changes} />);
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.blur(field());
    expect(field().value).toBe('5');
    fireEvent.change(field(), { target: { value: '9' } });
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(field().value).toBe('5');
    fireEvent.blur(field());
    expect(changes).toEqual([]);
  });

  it('steps by the keys: arrows by one, Page keys by ten, Home and End to the ends', () => {
    const changes: number[] = [];
    render(<Kept start={5} max={40} changes={changes} />);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'PageUp' });
    fireEvent.keyDown(field(), { key: 'End' });
    fireEvent.keyDown(field(), { key: 'PageUp' });
    fireEvent.keyDown(field(), { key: 'Home' });
    fireEvent.keyDown(field(), { key: 'PageDown' });
    expect(changes).toEqual([6, 5, 4, 14, 40, 0]);
    expect(field().value).toBe('0');
  });

  it('is disabled whole when told', () => {
    render(<Counter value={3} onChange={() => {}} isDisabled itemName="Айран 0,5 л" />);
    expect([less().disabled, field().disabled, more().disabled]).toEqual([true, true, true]);
    expect(screen.getByRole('group').getAttribute('aria-disabled')).toBe('true');
  });
});
