import { createMemoryStorage } from '@recall/core';
import { describeStorageConformance } from './conformance';

describeStorageConformance('memory', { open: async () => createMemoryStorage() });
