import { describe, expect, it } from 'vitest';
import { FLAG_DEFAULTS } from '../../contracts/flags';
import { defaultFields } from '../../machines/auth/authFlow.types';
import { registerFields } from '../../src/app/screens/authFlow';

const fields = {
  ...defaultFields(),
  email: 'ada@northwind.example',
  first_name: ' Ada ',
  last_name: 'Lovelace ',
  password: 'Abcdef1!',
  is_term_accepted: true,
};

// Access document section 6: "User type id 2 vs 1 at account creation depends on a flag" (signup-user-type-2).
describe('registerFields (POST /auth/register)', () => {
  it('sends user_type_id 1 with the flag off (its default)', () => {
    expect(registerFields(fields, FLAG_DEFAULTS)).toEqual({
      email: 'ada@northwind.example',
      first_name: 'Ada',
      last_name: 'Lovelace',
      password: 'Abcdef1!',
      building_uuid: null,
      is_term_accepted: true,
      is_email_accepted: false,
      user_type_id: 1,
    });
  });

  it('sends user_type_id 2 with signup-user-type-2 on', () => {
    expect(registerFields(fields, { ...FLAG_DEFAULTS, 'signup-user-type-2': true }).user_type_id).toBe(2);
  });
});
