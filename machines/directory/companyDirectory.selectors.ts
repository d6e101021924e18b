import type { SnapshotFrom } from 'xstate';
import type { companyDirectoryMachine } from './companyDirectory.machine';

type DirectorySnapshot = Pick<SnapshotFrom<typeof companyDirectoryMachine>, 'context'>;

/** A company type filter: the type, and whether it is chosen. */
export interface TypeChip {
  type: string;
  chosen: boolean;
}

/**
 * The type filters: every type of the directory, in its order, then any chosen type it does not hold (from the
 * address), so that a chosen type can always be taken away.
 */
export function selectTypeChips(s: DirectorySnapshot): TypeChip[] {
  const { choices, types } = s.context;
  return [...choices.types, ...types.filter((t) => !choices.types.includes(t))].map((type) => ({ type, chosen: types.includes(type) }));
}

/** Whether the list shown is narrowed (by the words searched, a floor or types): its count says "match". */
export const selectNarrowed = (s: DirectorySnapshot): boolean => s.context.searched !== '' || s.context.floor !== null || s.context.types.length > 0;

/**
 * Why a list is empty, for its message: nothing matches the words searched (quoted back), nothing matches the
 * filters, or the directory has no company at all.
 */
export const selectEmptyReason = (s: DirectorySnapshot): 'search' | 'filters' | 'none' =>
  s.context.searched !== '' ? 'search' : selectNarrowed(s) ? 'filters' : 'none';
