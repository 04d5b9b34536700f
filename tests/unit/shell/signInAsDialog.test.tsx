// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInAsDialog } from '../../../src/app/shell/SignInAsDialog';
import { SPEC_TYPEAHEAD_MIN_CHARS } from '../../support/spec-numbers';

describe('the sign-in-as dialog', () => {
  afterEach(() => vi.useRealTimers());

  it('searches users only from 3 characters on (part 1 §9)', () => {
    vi.useFakeTimers();
    const searchUsers = vi.fn(async () => []);
    render(<SignInAsDialog visible tools={{ searchUsers, signInAs: () => {} }} onHide={() => {}} />);
    const box = screen.getByLabelText('User (name or email)');
    const typed = 'adam'.slice(0, SPEC_TYPEAHEAD_MIN_CHARS);
    fireEvent.change(box, { target: { value: typed.slice(0, -1) } });
    // The typeahead asks once typing pauses for its delay.
    act(() => vi.advanceTimersByTime(1_000));
    expect(searchUsers).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: typed } });
    act(() => vi.advanceTimersByTime(1_000));
    expect(searchUsers).toHaveBeenCalledExactlyOnceWith(typed);
  });
});
