import { useTestHashCost } from '../../api/auth/password.ts';

// Vitest setup file of the `unit` project: passwords hashed at the tests' cost (see useTestHashCost).
useTestHashCost();
