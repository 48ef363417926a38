// Benchmarks: figures for the notes, never pass/fail. `npm run bench`, or
// BENCH=api|packages|web|offline|login|intake|staff-packages|invoices|scale|push|languages|first-screen|start for one.
import { benchApi } from './api';
import { benchPackages } from './packages';

const only = process.env.BENCH;
if (!only || only === 'api') await benchApi();
if (!only || only === 'packages') await benchPackages();
if (!only || only === 'web') await (await import('./web')).benchWeb();
if (!only || only === 'offline') await (await import('./offline')).benchOffline();
if (!only || only === 'login') await (await import('./login-flood')).benchLoginFlood();
if (!only || only === 'intake') await (await import('./intake')).benchIntake();
if (!only || only === 'staff-packages') await (await import('./staff-packages')).benchStaffPackages();
if (!only || only === 'invoices') await (await import('./invoices')).benchInvoices();
if (!only || only === 'scale') await (await import('./scale')).benchScale();
if (!only || only === 'push') await (await import('./push')).benchPush();
if (!only || only === 'languages') await (await import('./languages')).benchLanguages();
if (!only || only === 'first-screen') await (await import('./first-screen')).benchFirstScreen();
if (!only || only === 'start') await (await import('./start')).benchStart();
