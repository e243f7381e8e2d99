import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onCall } from 'firebase-functions/v2/https';
import { getDashboardStats as computeStatsFor } from './dashboard-stats';
import { placeOrder as placeOrderFor } from './place-order';

initializeApp();
setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

/** placeOrder({ productId, quantity, customerName, customerPhone, customerAddress, paymentMethod }) → { orderId } */
export const placeOrder = onCall((request) => placeOrderFor(getFirestore(), request.auth, request.data));

/** getDashboardStats() → DashboardStats, for admins only. */
export const getDashboardStats = onCall((request) => computeStatsFor(getFirestore(), request.auth));
