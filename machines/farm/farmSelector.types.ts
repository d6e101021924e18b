/** A farm (environment) of the farm list: its API base is `url`. */
export interface Farm {
  uuid: string;
  description: string;
  url: string;
}

export interface FarmSelectorContext {
  farms: Farm[];
  /** The uuid of the farm picked from the list (cleared by typing a custom URL). */
  chosen: string | null;
  customUrl: string;
  /** Set once the person left or submitted a custom URL that breaks the rule. */
  urlError: 'invalid_url' | null;
  /** Why the farm list could not be loaded. */
  error: { status: number; message: string } | null;
}

export type FarmSelectorEvent =
  | { type: 'user.chooseFarm'; uuid: string }
  | { type: 'user.changeCustomUrl'; value: string }
  | { type: 'user.blurCustomUrl' }
  | { type: 'user.submit' }
  | { type: 'user.clearFarm' }
  | { type: 'user.retry' };

export type FarmSelectorTag = 'loading';
