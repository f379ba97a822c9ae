import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createRef } from 'react';
import { expect, test, vi } from 'vitest';
import { composeEventHandlers } from './compose-event-handlers';
import { Primitive } from './primitive';

test('asChild merges props into the child: handlers (child first), refs, classes and styles', async () => {
  const user = userEvent.setup();
  const calls: string[] = [];
  const partRef = createRef<HTMLButtonElement>();
  const childRef = createRef<HTMLAnchorElement>();
  render(
    <Primitive.button
      asChild
      ref={partRef}
      className="part"
      style={{ color: 'red', margin: 1 }}
      data-state="open"
      onClick={() => calls.push('part')}
    >
      <a
        href="/next"
        ref={childRef}
        className="child"
        style={{ color: 'blue' }}
        onClick={() => calls.push('child')}
      >
        Go
      </a>
    </Primitive.button>,
  );
  const link = screen.getByRole('link', { name: 'Go' });
  expect(link.className).toBe('part child');
  expect(link.style.color).toBe('blue');
  expect(link.style.margin).toBe('1px');
  expect(link.getAttribute('data-state')).toBe('open');
  expect(partRef.current).toBe(link);
  expect(childRef.current).toBe(link);
  await user.click(link);
  expect(calls).toEqual(['child', 'part']);
});

test('without asChild a primitive renders its own element and forwards the ref', () => {
  const ref = createRef<HTMLOListElement>();
  render(<Primitive.ol ref={ref} aria-label="items" />);
  expect(ref.current?.tagName).toBe('OL');
});

test("composeEventHandlers skips ours when the host's handler prevents the default", () => {
  const internal = vi.fn();
  const event = { defaultPrevented: false, preventDefault() {} };
  composeEventHandlers(undefined, internal)(event);
  composeEventHandlers(() => {}, internal)(event);
  composeEventHandlers(() => {}, internal)({ ...event, defaultPrevented: true });
  expect(internal).toHaveBeenCalledTimes(2);
});
