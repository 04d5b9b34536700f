import { describe, expect, it } from 'vitest';
import {
  groupFormErrors,
  groupFormOf,
  groupPatchOf,
  isoOfUtcInput,
  userFormErrors,
  userFormOf,
  userPatchOf,
  utcInputOf,
} from '../../../../src/features/superadmin/records/recordEdits';
import { adminUser, annualGroup } from './fixtures';

describe('the group edit form', () => {
  const group = { ...annualGroup, subscription_ends_at: '2027-01-31T18:45:30.000Z' };

  it('sends nothing while nothing changed', () => {
    expect(groupPatchOf(group, groupFormOf(group))).toEqual({});
  });

  it('sends only what changed: a trimmed name, an emptied slug as null, a plan, no status, a moment read as UTC, a flag', () => {
    const form = {
      ...groupFormOf(group),
      name: '  Trail Runners  ',
      fb_slug: '',
      subscribed_plan: 'once' as const,
      subscription_status: '',
      trial_ends_at: '2026-05-01T08:30',
      is_locked: true,
    };
    expect(groupPatchOf(group, form)).toEqual({
      name: 'Trail Runners',
      fb_slug: null,
      subscribed_plan: 'once',
      subscription_status: null,
      trial_ends_at: '2026-05-01T08:30:00.000Z',
      is_locked: true,
    });
  });

  it('shows a moment in UTC to the minute, and an emptied one is sent as null', () => {
    expect(groupFormOf(group).subscription_ends_at).toBe('2027-01-31T18:45');
    expect(groupPatchOf(group, { ...groupFormOf(group), subscription_ends_at: '' })).toEqual({ subscription_ends_at: null });
    expect(utcInputOf('2026-03-01T15:05:00+02:00')).toBe('2026-03-01T13:05');
    expect(isoOfUtcInput('')).toBeNull();
  });

  it('refuses an empty or too long name, a too long slug and a moment that is none', () => {
    const form = groupFormOf(group);
    expect(groupFormErrors(form)).toEqual({});
    expect(groupFormErrors({ ...form, name: '   ' })).toEqual({ name: 'A group needs a name.' });
    expect(groupFormErrors({ ...form, name: 'x'.repeat(256), fb_slug: 'y'.repeat(256) })).toEqual({
      name: 'At most 255 characters.',
      fb_slug: 'At most 255 characters.',
    });
    expect(groupFormErrors({ ...form, subscribed_from_at: '2026-02-30T10:00' })).toEqual({ subscribed_from_at: 'Enter a date and time, or leave it empty.' });
  });
});

describe('the user edit form', () => {
  it('sends nothing while nothing changed', () => {
    expect(userPatchOf(adminUser, userFormOf(adminUser))).toEqual({});
  });

  it('removes the username and the profile id when emptied, and sends the flags that changed under flags', () => {
    const form = { ...userFormOf(adminUser), fb_username: '', fb_user_id: ' ', is_banned: true, robot_training: true };
    expect(userPatchOf(adminUser, form)).toEqual({ fb_username: null, fb_user_id: null, is_banned: true, flags: { robot_training: true } });
  });

  it('refuses an email that is none, a profile id that is not digits and names over 100 characters', () => {
    const form = userFormOf(adminUser);
    expect(userFormErrors({ ...form, email: 'ada@' })).toEqual({ email: 'Please Enter Valid Email' });
    expect(userFormErrors({ ...form, email: '' })).toEqual({});
    expect(userFormErrors({ ...form, fb_user_id: '12ab' })).toEqual({ fb_user_id: 'Digits only, at most 32.' });
    expect(userFormErrors({ ...form, first_name: 'a'.repeat(101) })).toEqual({ first_name: 'At most 100 characters.' });
  });
});
