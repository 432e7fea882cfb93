"""The console's routes, one module per part of the operators' day: signing in, the live
list, one table (its board and actions), the audit log, health and the probes."""
