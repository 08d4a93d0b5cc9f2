# The bot process. Settings come from the environment (docker run --env-file .env ...);
# the database lives on the /app/data volume so it survives new images. The default
# DATABASE_PATH (data/klaverjas.sqlite3, as in .env.example) is relative to /app, so the
# same .env works for `make run` and for the image.

# Build stage: compiling the engine (setup.py, mypyc) needs a C compiler the runtime does not.
FROM python:3.11-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

COPY --from=build /wheels /wheels
# fonts-dejavu-core: the league standings picture (bot/league/export.py) and the table
# picture (bot/pictures/table.py) draw accented names with it; without a font Pillow's own
# draws boxes for them.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/* \
    && pip install /wheels/*.whl \
    && rm -rf /wheels \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin klaverjas \
    && mkdir -p /app/data \
    && chown klaverjas:klaverjas /app/data

USER klaverjas
WORKDIR /app
VOLUME ["/app/data"]

# Healthy while the bot's heartbeat file (beside the database, renewed every 15 s after a
# store round trip) is under 90 s old and the SQLite file opens read only (bot/health.py).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]

CMD ["python", "-m", "bot", "run"]
