// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberPicker } from '../../../src/ui/MemberPicker';

const MARTA = { id: 7, name: 'Marta Nowak', avatar_url: 'https://scontent.xx.fbcdn.net/marta.jpg', description: '1000007' };

/** Part 2 §3: a member in a picker has id, name and avatar_url; a missing or broken avatar falls back to a default image. */
describe('the member picker’s chosen member', () => {
  it('shows the avatar beside the name, and the default picture once it fails to load', () => {
    const { container } = render(<MemberPicker inputId="picker" selected={MARTA} suggestions={[]} onSearch={() => {}} onChange={() => {}} />);
    const image = container.querySelector('.member-picker img')!;
    expect(image).toHaveAttribute('src', MARTA.avatar_url);
    fireEvent.error(image);
    expect(container.querySelector('.member-picker img')).toBeNull();
    expect(container.querySelector('.member-picker .entity-avatar')).toHaveTextContent('MN');
    expect(screen.getByText('Marta Nowak')).toBeInTheDocument();
  });

  it('shows the default picture for a member without an avatar, and names what it picks', () => {
    const { container } = render(
      <MemberPicker inputId="picker" label="Group" selected={{ ...MARTA, avatar_url: null }} suggestions={[]} onSearch={() => {}} onChange={() => {}} />,
    );
    expect(container.querySelector('.member-picker img')).toBeNull();
    expect(container.querySelector('.member-picker .entity-avatar')).toHaveTextContent('MN');
    expect(screen.getByText('Group')).toBeInTheDocument();
  });
});
