import { fromPromise } from 'xstate';
import { emergencyMachine } from '../../../machines/emergency/emergency.machine';
import * as emergencyApi from '../../api/emergency';
import { requestValues } from '../../api/client';

/** The emergency-management screen with the real API, in the interface's language. */
export const emergencyLogic = () =>
  emergencyMachine.provide({
    actors: { loadEmergency: fromPromise(({ input }) => emergencyApi.emergencyManagement(input.buildingUuid, requestValues().locale)) },
  });
