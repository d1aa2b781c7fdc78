"""Entry point of a board worker process: ``python -m bot.service.board_child JOBS RESULTS DB``.

Kept apart from ``board_work`` (which the package imports) so running it as ``__main__`` loads
nothing twice; the results it sends name ``bot.service.board_work`` types.
"""

from __future__ import annotations

import sys

from bot.service.board_work import main

if __name__ == "__main__":
    main(sys.argv)
