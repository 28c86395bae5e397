COUNTER = 0


def words(text):
    global COUNTER
    COUNTER += 1
    return text.split()


if __name__ == '__main__':
    print('textutil run directly')
