# The bot process. Settings come from the environment (docker run --env-file .env ...);
# the database lives on the /data volume so it survives new images.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip install . \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin klaverjas \
    && mkdir -p /data \
    && chown klaverjas:klaverjas /data

USER klaverjas
ENV DATABASE_PATH=/data/klaverjas.sqlite3
VOLUME ["/data"]

CMD ["python", "-m", "bot", "run"]
