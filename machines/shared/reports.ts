import type { ActorRef, AnyActorRef, EventObject, Snapshot } from 'xstate';
import { GLOBAL_ERROR_ID } from '../globalError/globalError.machine';

/** An actor that takes a child's reports: typed by the reports, so a report the parent does not handle fails the type check. */
export type ReportTarget<TReport extends EventObject> = ActorRef<Snapshot<unknown>, TReport>;

/**
 * What a long-lived actor is given to report to: its parent passes itself in the child's input (the app's invoke:
 * `reportTo: self`), so reports need neither a private parent field nor a parent at all (decision 209).
 */
export interface ReportsTo<TReport extends EventObject> {
  reportTo?: ReportTarget<TReport> | null;
}

/** The report target kept in context: the input's, or null when the machine runs alone (a unit test). */
export const reportToOf = <TReport extends EventObject>(input: ReportsTo<TReport> | undefined): ReportTarget<TReport> | null =>
  input?.reportTo ?? null;

/**
 * Where a long-lived actor's reports go: to the actor its parent passed (the app, whose chart coordinates the actors),
 * or, when the machine runs alone in a unit test, to itself, which ignores them (it handles no report events).
 */
export const reportTarget = <TReport extends EventObject>(
  context: { reportTo: ReportTarget<TReport> | null },
  self: AnyActorRef,
): ReportTarget<TReport> => context.reportTo ?? self;

/** The global error modal by its systemId, or the actor itself when it runs without the app (a unit test). */
export const globalErrorOrSelf = ({ system, self }: { system: { get(id: string): AnyActorRef | undefined }; self: AnyActorRef }): AnyActorRef =>
  system.get(GLOBAL_ERROR_ID) ?? self;
