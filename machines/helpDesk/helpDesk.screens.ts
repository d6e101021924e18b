import { defineScreen } from '../app/screen.types';
import type { HelpDeskInput } from './helpDesk.types';

/**
 * /help-desk starts from the signed-in person and the current building when it opens; nothing restarts it while it
 * is open (a language or building change must not drop what the person typed and chose).
 */
export const helpDeskScreen = defineScreen<Record<string, never>, HelpDeskInput>({
  input: (_, facts) =>
    facts.user
      ? {
          buildingUuid: facts.buildingUuid,
          requester: {
            name: `${facts.user.first_name} ${facts.user.last_name}`.trim(),
            email: facts.user.email,
            companyName: facts.user.company_name ?? null,
          },
        }
      : null,
  restartKey: () => 'helpDesk',
});
