"""``python -m aipa`` and the ``aipa`` console script."""

import sys

ENGINE_FLAG = "--builtin-engine"  # the app starting its own llama.cpp engine (see providers/builtin_engine.py)


def main() -> int:
    if sys.argv[1:2] == [ENGINE_FLAG]:  # a frozen app has no `python -m`: it runs itself with this flag
        from aipa.providers.builtin_engine import main as engine_main

        engine_main(sys.argv[2:])
        return 0
    from aipa.cli.main import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
