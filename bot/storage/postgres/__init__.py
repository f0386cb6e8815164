"""The PostgreSQL backend (asyncpg), for several processes on one database."""
