// Recall storage on a PostgreSQL server (Node), for production and multi-node deployments.
export { createPostgresStorage } from './create-postgres-storage';
export type { PostgresStorageOptions } from './create-postgres-storage';
