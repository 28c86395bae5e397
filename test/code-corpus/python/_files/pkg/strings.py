from .geometry import area


def shout(text):
    return text.upper() + '!'


def described_area(radius):
    return f'area {area(radius):.2f}'
