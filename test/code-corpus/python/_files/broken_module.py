def fine():
    return 1

raise RuntimeError('broken at import')
