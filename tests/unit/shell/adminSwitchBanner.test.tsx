// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminSwitchBanner } from '../../../src/app/shell/AdminSwitchBanner';
import { SPEC_ADMIN_BANNER_BLINK_MS } from '../../support/spec-numbers';

describe('the admin switch banner', () => {
  it('blinks every 700 ms (part 1 §9)', () => {
    render(<AdminSwitchBanner userName="Ada Admin" onBackToAdmin={() => {}} />);
    const banner = screen.getByRole('region', { name: 'Admin switch' });
    expect(banner).toHaveTextContent('Be careful, all your actions will be performed on behalf of Ada Admin!');
    expect(banner.style.getPropertyValue('--admin-banner-blink-ms')).toBe(`${SPEC_ADMIN_BANNER_BLINK_MS}ms`);
  });
});
