import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { app, emulatorPorts, usesEmulators } from './firebase-app';

/** The callables (placeOrder, setOrderStatus) live in us-central1. */
export const functions = getFunctions(app, 'us-central1');

if (usesEmulators)
  connectFunctionsEmulator(functions, emulatorPorts.functions.host, emulatorPorts.functions.port);
