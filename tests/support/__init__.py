"""Helpers the test suites share: real service processes on free ports."""
