import sys
from mahjong_core.frontends.cli import command
sys.exit(command())
