import type { SessionUser } from '../session/session.types';
import type { AppError } from '../../contracts/errors';

/** The fields the profile form edits. Email and company are shown read-only and are not part of it. */
export interface ProfileFields {
  first_name: string;
  last_name: string;
  /** Optional: null means no default building (the first of the user's buildings is used). */
  default_building_uuid: string | null;
}

/** A building the default may be set to. */
export interface BuildingOption {
  uuid: string;
  name: string;
}

export type ProfileNameField = 'first_name' | 'last_name';
export type ProfileField = keyof ProfileFields;

/** What the save sends: the edited fields and the version they were edited from. */
export interface SaveProfileInput extends ProfileFields {
  /** The `updated_at` of the server's version the edits are based on; null sends no version (last write wins). */
  updated_at: string | null;
}

/** A failed call as the API client reports it. */
export type ProfileError = AppError;

export interface ProfileFormContext {
  /** The server's version the form is based on (what "changed" compares with). */
  saved: ProfileFields;
  /** What the person has typed. */
  fields: ProfileFields;
  /** The names whose errors may show (after the person left the field or tried to save). */
  touched: Partial<Record<ProfileNameField, boolean>>;
  /** The server's version of `saved`, sent with the save so a change made elsewhere answers 409. */
  updatedAt: string | null;
  /** The last save's failure (a conflict or anything else); cleared when a save succeeds. */
  error: ProfileError | null;
  /** The person's buildings (GET /users/current/buildings) to choose the default from; null until they arrive. */
  buildingOptions: BuildingOption[] | null;
}

export interface ProfileFormInput {
  user: SessionUser;
}

export type ProfileFormEvent =
  | { type: 'user.change'; field: ProfileNameField; value: string }
  | { type: 'user.change'; field: 'default_building_uuid'; value: string | null }
  | { type: 'user.blur'; field: ProfileNameField }
  | { type: 'user.submit' }
  /** After a conflict: drop the typed values and take the server's version. */
  | { type: 'user.discard' }
  /** Closes the "profile updated" dialog. */
  | { type: 'user.acknowledge' };

export type ProfileFormTag = 'submitting' | 'conflict' | 'refreshing' | 'dialog:profileUpdated';
