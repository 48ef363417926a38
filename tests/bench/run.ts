// Benchmarks: figures for the notes, never pass/fail. `npm run bench` (or BENCH=api npm run bench).
import { benchApi } from './api';

const only = process.env.BENCH;
if (!only || only === 'api') await benchApi();
