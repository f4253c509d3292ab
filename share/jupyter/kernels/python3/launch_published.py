"""Start the published pages' kernel (ipykernel) with Ctrl-C ignored until ipykernel takes it over.

jupyter_client interrupts a kernel (SIGINT) before it shuts it down. A kernel that is still starting
then (a pool's refill as the server stops) died with a KeyboardInterrupt traceback in the server's
log. ipykernel ignores SIGINT itself once it is set up, and handles it while it runs a cell; here it
is ignored from the start, so an interrupt during the start-up does nothing and the shutdown that
follows ends the kernel quietly. kernel.json runs this file in place of ``-m ipykernel_launcher``,
with the same options.
"""

import runpy
import signal
import sys

signal.signal(signal.SIGINT, signal.SIG_IGN)
sys.path[0] = ""  # the working folder (a page's notebook folder) first, as ``python -m`` has it, not this file's
runpy.run_module("ipykernel_launcher", run_name="__main__", alter_sys=True)
