// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberPicker } from '../../../src/ui/MemberPicker';

const MARTA = { id: 7, name: 'Marta Nowak', avatar_url: null, description: '1000007' };

describe('the member picker', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps what was typed while the matches arrive', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const { rerender } = render(<MemberPicker inputId="picker" selected={null} suggestions={[]} onSearch={onSearch} onChange={() => {}} />);
    fireEvent.change(screen.getByLabelText('Member'), { target: { value: 'Mar' } });
    // The typeahead asks once typing pauses for its delay.
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledWith('Mar');
    act(() => rerender(<MemberPicker inputId="picker" selected={null} suggestions={[MARTA]} onSearch={onSearch} onChange={() => {}} />));
    expect(screen.getByLabelText('Member')).toHaveProperty('value', 'Mar');
  });
});
