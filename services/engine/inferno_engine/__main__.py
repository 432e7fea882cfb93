"""``python -m inferno_engine``: run one engine process with settings from the environment."""

from inferno_engine.server import main

if __name__ == "__main__":
    main()
