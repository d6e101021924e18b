import { afterAll } from 'vitest';
import { handBackContexts } from './browser';

// After each file (this hook runs after the file's own): the contexts its tests left open go back, cleared, for the
// next file of the worker (decision 142).
afterAll(handBackContexts);
