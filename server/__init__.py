"""The published site's server side (``upto9.server``): what Voila runs for a class.

Only the Voila server process imports this package (voila.json names
``upto9.server.kernels.ClassKernelManager``); the engine and the widgets never do, and a kernel
never needs it.
"""
