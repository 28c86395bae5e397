import shutil, os
shutil.rmtree('nested')
print(os.path.exists('nested'))
