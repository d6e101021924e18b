export type PasswordField = 'password' | 'new_password' | 'confirm_password';

export interface PasswordFields {
  /** The current password. */
  password: string;
  new_password: string;
  confirm_password: string;
}

/** A failed update: the field it belongs to (null: the form as a whole), and what the server said. */
export interface PasswordUpdateError {
  field: 'password' | 'new_password' | null;
  status: number;
  message: string;
  code?: string;
}

export interface PasswordUpdateContext {
  fields: PasswordFields;
  /** Fields whose errors may show (after the person left them). */
  touched: Partial<Record<PasswordField, boolean>>;
  error: PasswordUpdateError | null;
}

export type PasswordUpdateEvent =
  | { type: 'user.change'; field: PasswordField; value: string }
  | { type: 'user.blur'; field: PasswordField }
  | { type: 'user.submit' }
  /** Closes the success dialog. */
  | { type: 'user.acknowledge' };

export type PasswordUpdateTag = 'submitting' | 'dialog:passwordUpdated';
