import {
  ErrorCode,
  OpenFeatureEventEmitter,
  ProviderEvents,
  StandardResolutionReasons,
  TypeMismatchError,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/web-sdk';
import { FLAG_DEFAULTS, type FlagName } from '../../../contracts/flags';
import type { FlagUser } from '../../../machines/flags/flags.machine';
import { FLAG_EVALUATE_PATH, FLAG_STREAM_PATH, type FlagEvaluation } from '../../api/flags';

/** The part of the browser's EventSource the provider uses, so tests can hand it a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface AtriumFlagProviderOptions {
  /** Where the API is (read at every use: a farm can change it while the app runs). */
  apiBase: () => string;
  /** The static API key, sent as x-api-key and, on the stream, as ?key= (an EventSource cannot send headers). */
  apiKey?: () => string;
  /** Asks the server for every flag; by default a POST through `fetch` to the evaluate endpoint. */
  evaluate?: (user: FlagUser) => Promise<FlagEvaluation>;
  fetch?: typeof fetch;
  /** Opens the change stream; by default the browser's EventSource, none where there is no EventSource. */
  eventSource?: ((url: string) => EventSourceLike) | null;
  /** Milliseconds before reopening a stream the browser gave up on (it retries by itself otherwise). */
  reopenAfterMs?: number;
}

const EVENT_SOURCE_CLOSED = 2;

/** The flag user as OpenFeature's evaluation context: the key is the targeting key, the rest are attributes. */
export function evaluationContextOf(user: FlagUser): EvaluationContext {
  return {
    targetingKey: user.key,
    anonymous: user.anonymous,
    admin: user.admin,
    roles: [...user.roles],
    buildingUuids: [...user.buildingUuids],
    hqo: user.hqo,
    host: user.host,
  };
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The flag user an evaluation context describes; anything missing reads as the anonymous user's value. */
export function flagUserOfContext(context: EvaluationContext): FlagUser {
  const key = typeof context.targetingKey === 'string' && context.targetingKey ? context.targetingKey : 'anonymous';
  return {
    key,
    anonymous: context.anonymous === true || key === 'anonymous',
    admin: context.admin === true,
    roles: strings(context.roles),
    buildingUuids: strings(context.buildingUuids),
    hqo: context.hqo === true,
    host: typeof context.host === 'string' ? context.host : '',
  };
}

const isFlagName = (name: string): name is FlagName => Object.prototype.hasOwnProperty.call(FLAG_DEFAULTS, name);
const sameContext = (a: EvaluationContext, b: EvaluationContext) => JSON.stringify(flagUserOfContext(a)) === JSON.stringify(flagUserOfContext(b));

/**
 * The OpenFeature web provider for Atrium's flag server: it evaluates every flag for the evaluation context at once
 * (on initialize and on each context change), answers from that cache, and listens to the server's event stream:
 * when the flags' version moves, it evaluates again and emits ConfigurationChanged with the flags whose value moved.
 * Another vendor's web provider can take its place (src/app/flags/openFeatureFlags.ts).
 */
export class AtriumFlagProvider implements Provider {
  readonly metadata = { name: 'atrium-flags' } as const;
  readonly runsOn = 'client' as const;
  readonly events = new OpenFeatureEventEmitter();

  private values: Partial<Record<FlagName, boolean>> = {};
  private reasons: Partial<Record<FlagName, string>> = {};
  private version: number | null = null;
  private context: EvaluationContext = {};
  /** The context the cache holds values for; null until a load succeeded. */
  private loadedFor: EvaluationContext | null = null;
  /** The newest load; an older one that ends later leaves the cache to it. */
  private seq = 0;
  private latest: Promise<FlagName[]> = Promise.resolve([]);
  /** The last refetch after a change failed; the next success says Ready again. */
  private failed = false;
  private stream: EventSourceLike | null = null;
  private streamUrl: string | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly evaluateFor: (user: FlagUser) => Promise<FlagEvaluation>;
  private readonly openStream: ((url: string) => EventSourceLike) | null;

  constructor(private readonly options: AtriumFlagProviderOptions) {
    this.evaluateFor = options.evaluate ?? ((user) => this.evaluateByFetch(user));
    this.openStream =
      options.eventSource !== undefined
        ? options.eventSource
        : typeof EventSource === 'undefined'
          ? null
          : (url) => new EventSource(url) as unknown as EventSourceLike;
  }

  async initialize(context: EvaluationContext = {}): Promise<void> {
    this.closed = false;
    this.context = context;
    // The stream opens first, so a server that is down now and back later still brings the flags in.
    this.listen();
    await this.settle(this.refresh(context));
  }

  onContextChange(_old: EvaluationContext, next: EvaluationContext): Promise<void> | void {
    this.context = next;
    this.listen();
    // The same user again (the flags machine reloading after a change this provider announced): the cache is fresh.
    if (this.loadedFor && !this.failed && sameContext(this.loadedFor, next)) return;
    return this.settle(this.refresh(next));
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    if (!isFlagName(flagKey)) {
      return {
        value: defaultValue,
        reason: StandardResolutionReasons.ERROR,
        errorCode: ErrorCode.FLAG_NOT_FOUND,
        errorMessage: `No flag named ${flagKey}`,
      };
    }
    const cached = this.values[flagKey];
    if (cached === undefined) {
      return { value: FLAG_DEFAULTS[flagKey], variant: FLAG_DEFAULTS[flagKey] ? 'on' : 'off', reason: StandardResolutionReasons.DEFAULT };
    }
    return {
      value: cached,
      variant: cached ? 'on' : 'off',
      reason: this.reasons[flagKey] ?? StandardResolutionReasons.CACHED,
      ...(this.version !== null ? { flagMetadata: { version: this.version } } : {}),
    };
  }

  resolveStringEvaluation(flagKey: string): ResolutionDetails<string> {
    throw this.notBoolean(flagKey);
  }

  resolveNumberEvaluation(flagKey: string): ResolutionDetails<number> {
    throw this.notBoolean(flagKey);
  }

  resolveObjectEvaluation<T extends JsonValue>(flagKey: string): ResolutionDetails<T> {
    throw this.notBoolean(flagKey);
  }

  async onClose(): Promise<void> {
    this.closed = true;
    this.stopListening();
  }

  private notBoolean(flagKey: string) {
    return new TypeMismatchError(`Atrium flags are on or off: read ${flagKey} with getBooleanValue`);
  }

  /** Waits for a load the SDK waits for; a failure is remembered, so the next good answer from the stream says Ready. */
  private async settle(load: Promise<FlagName[]>): Promise<void> {
    try {
      await load;
      this.failed = false;
    } catch (error) {
      this.failed = true;
      throw error;
    }
  }

  /** Evaluates every flag for `context`; resolves with the names whose value moved. */
  private refresh(context: EvaluationContext): Promise<FlagName[]> {
    const seq = ++this.seq;
    const run = (async (): Promise<FlagName[]> => {
      let answer: FlagEvaluation;
      try {
        answer = await this.evaluateFor(flagUserOfContext(context));
      } catch (error) {
        if (seq !== this.seq) return this.latest;
        throw error;
      }
      if (seq !== this.seq) return this.latest;
      const changed = (Object.keys(answer.flags) as string[]).filter(isFlagName).filter((name) => this.values[name] !== answer.flags[name]);
      this.values = { ...answer.flags };
      this.reasons = { ...answer.reasons };
      this.version = answer.version;
      this.loadedFor = context;
      return changed;
    })();
    this.latest = run;
    return run;
  }

  private async onVersion(event: MessageEvent<string>) {
    let version: number | null = null;
    try {
      const parsed = JSON.parse(event.data) as { version?: unknown };
      version = typeof parsed.version === 'number' ? parsed.version : null;
    } catch {
      version = null;
    }
    if (version !== null && version === this.version && !this.failed) return;
    try {
      const changed = await this.refresh(this.context);
      if (this.closed) return;
      if (this.failed) {
        this.failed = false;
        this.events.emit(ProviderEvents.Ready);
      }
      if (changed.length) this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged: changed });
    } catch (error) {
      if (this.closed) return;
      this.failed = true;
      this.events.emit(ProviderEvents.Stale, {
        message: `Flags could not be reloaded: ${(error as { message?: string })?.message ?? 'unknown error'}`,
      });
    }
  }

  /** Opens the stream, or reopens it when the API base (or key) moved. */
  private listen() {
    if (!this.openStream || this.closed) return;
    const base = this.options.apiBase().replace(/\/+$/, '');
    const key = this.options.apiKey?.() ?? '';
    const url = `${base}${FLAG_STREAM_PATH}${key ? `?key=${encodeURIComponent(key)}` : ''}`;
    if (this.stream && this.streamUrl === url) return;
    this.stopListening();
    const stream = this.openStream(url);
    this.stream = stream;
    this.streamUrl = url;
    const onVersion = (event: MessageEvent<string>) => void this.onVersion(event);
    stream.addEventListener('flags.changed', onVersion);
    stream.addEventListener('flags.version', onVersion);
    stream.addEventListener('error', () => {
      // The browser retries by itself unless the answer was not an event stream (a proxy's 502): then it gives up.
      if (stream.readyState !== EVENT_SOURCE_CLOSED || this.stream !== stream || this.closed) return;
      this.stream = null;
      this.reopenTimer = setTimeout(() => {
        this.reopenTimer = null;
        this.listen();
      }, this.options.reopenAfterMs ?? 10_000);
    });
  }

  private stopListening() {
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.stream?.close();
    this.stream = null;
    this.streamUrl = null;
  }

  private async evaluateByFetch(user: FlagUser): Promise<FlagEvaluation> {
    const doFetch = this.options.fetch ?? fetch;
    const key = this.options.apiKey?.() ?? '';
    const response = await doFetch(`${this.options.apiBase().replace(/\/+$/, '')}${FLAG_EVALUATE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(key ? { 'x-api-key': key } : {}) },
      body: JSON.stringify(user),
    });
    if (!response.ok) throw new Error(`The flag service answered ${response.status}`);
    return ((await response.json()) as { data: FlagEvaluation }).data;
  }
}
