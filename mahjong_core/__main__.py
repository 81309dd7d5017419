import sys
from mahjong_core.frontends.cli import main
sys.exit(main())
