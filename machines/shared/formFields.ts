/**
 * Form fields, written once (decision 205): a form's editing state takes `user.change` (a field takes
 * the value) and `user.blur` (the field was left: its errors may now show) as in-place actions, named as each flow
 * names them; the values and the touched fields change only through the functions here. Validation stays the
 * flow's own (its rules, its guards); `shownErrors` is what a view shows of it.
 */

/** The fields the person has left (whose errors may show). */
export type Touched<F extends string> = Partial<Record<F, boolean>>;

/** The editing state's field events: `user.change` and `user.blur` run the flow's two actions in place. */
export function fieldEvents<const C extends string, const B extends string>(change: C, blur: B) {
  return { 'user.change': { actions: change }, 'user.blur': { actions: blur } } as const;
}

/** The values after `user.change`: the one field takes the value, the others stay. */
export const withValue = <V extends object, K extends keyof V>(values: V, field: K, value: V[K]): V => ({ ...values, [field]: value });

/** The touched fields after `user.blur`. */
export const withTouched = <F extends string, T extends Touched<F>>(touched: T, field: F): T => ({ ...touched, [field]: true });

/** Every field touched (a refused submit shows every error). */
export const allTouched = <F extends string>(fields: readonly F[]) => Object.fromEntries(fields.map((field) => [field, true])) as Record<F, true>;

/** The errors a view shows: those of the fields the person has left. */
export function shownErrors<F extends string, E>(errors: Partial<Record<F, E>>, touched: Touched<F>): Partial<Record<F, E>> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched[field as F])) as Partial<Record<F, E>>;
}
