import type { paths } from '../../contracts/api';
import type { LoadError } from '../directory/directory.types';

type Answer = NonNullable<paths['/tenant/v1/buildings/{id}/emergency-management']['get']>['responses'][200]['content']['application/json']['data'];

/** A building's emergency contacts and procedures, as the API answers them (decision 192). */
export type EmergencyInfo = Answer;
export type EmergencyContact = Answer['contacts'][number];
export type EmergencyProcedure = Answer['procedures'][number];

export interface EmergencyInput {
  buildingUuid: string;
}

export interface EmergencyContext extends EmergencyInput {
  info: EmergencyInfo | null;
  error: LoadError | null;
}

export type EmergencyEvent = { type: 'user.retry' };
export type EmergencyTag = 'loading' | 'failed' | 'empty' | 'ready';
