import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type AdministracaoTramita,
  LIMITES_CONFIGURACAO_TRAMITA,
  MENSAGENS,
  ROTULOS_AMBIENTE_TRAMITA,
} from '@tramite/shared';
import { type FormEvent, useRef, useState } from 'react';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { ItemDados, ListaDados } from '../../components/ListaDados';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { formatarDataHora } from '../../lib/formatacao';
import { useEnviarCertificadoTramita } from './api';
import { TEXTOS_TRAMITA as T } from './textos';

type Formato = 'PKCS12' | 'PEM';
type NomeArquivo = 'arquivo' | 'certificado' | 'chave';

interface EscolhaArquivoProps {
  nome: NomeArquivo;
  rotulo: string;
  aceitar: string;
  arquivo: File | null;
  desabilitado: boolean;
  aoEscolher: (arquivo: File | null) => void;
}

/** A button that opens the file chooser, and the name of the file chosen (read by screen readers with it). */
function EscolhaArquivo({ nome, rotulo, aceitar, arquivo, desabilitado, aoEscolher }: EscolhaArquivoProps) {
  const entrada = useRef<HTMLInputElement>(null);
  const idNome = `nome-${nome}-tramita`;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        onClick={() => entrada.current?.click()}
        disabled={desabilitado}
        aria-describedby={idNome}
      >
        {rotulo}
      </Button>
      <Typography id={idNome} variant="body2" color="text.secondary" data-testid={idNome}>
        {arquivo ? arquivo.name : T.nenhumArquivo}
      </Typography>
      <input
        ref={entrada}
        type="file"
        hidden
        accept={aceitar}
        aria-label={rotulo}
        data-testid={`entrada-${nome}-tramita`}
        onChange={(evento) => {
          aoEscolher(evento.target.files?.[0] ?? null);
          evento.target.value = '';
        }}
      />
    </Stack>
  );
}

/**
 * The system certificate of the configured environment: what may be shown of it, and the upload of a new one
 * (PKCS#12 with its password, or the PEM pair), checked by the server at once.
 */
export function SecaoCertificadoTramita({ dados }: { dados: AdministracaoTramita }) {
  const enviar = useEnviarCertificadoTramita();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const [formato, setFormato] = useState<Formato>('PKCS12');
  const [arquivos, setArquivos] = useState<Record<NomeArquivo, File | null>>({
    arquivo: null,
    certificado: null,
    chave: null,
  });
  const [senha, setSenha] = useState('');
  const [senhaChave, setSenhaChave] = useState('');
  const [erro, setErro] = useState<string | null>(null);

  const configuracao = dados.configuracao;
  const ambiente = configuracao ? ROTULOS_AMBIENTE_TRAMITA[configuracao.ambiente] : null;
  const desabilitado = enviar.isPending;
  const escolher = (nome: NomeArquivo) => (arquivo: File | null) => {
    setArquivos((atuais) => ({ ...atuais, [nome]: arquivo }));
    setErro(null);
  };

  const aoEnviar = async (evento: FormEvent) => {
    evento.preventDefault();
    const corpo = new FormData();
    if (formato === 'PKCS12') {
      if (!arquivos.arquivo) return setErro(MENSAGENS.tramita.envioCertificadoIncompleto);
      corpo.append('senha', senha);
      corpo.append('arquivo', arquivos.arquivo);
    } else {
      if (!arquivos.certificado || !arquivos.chave) return setErro(MENSAGENS.tramita.envioCertificadoIncompleto);
      if (senhaChave) corpo.append('senhaChave', senhaChave);
      corpo.append('certificado', arquivos.certificado);
      corpo.append('chave', arquivos.chave);
    }
    try {
      await executar(T.enviandoCertificado, () => enviar.mutateAsync(corpo));
      setErro(null);
      setArquivos({ arquivo: null, certificado: null, chave: null });
      setSenha('');
      setSenhaChave('');
      snackbar.sucesso(MENSAGENS.tramita.certificadoSalvo);
    } catch (falha) {
      setErro(mensagemDoErro(falha, MENSAGENS.tramita.erroCertificado));
      snackbar.erro(mensagemComDetalhe(MENSAGENS.tramita.erroCertificado, falha));
    }
  };

  const certificado = dados.certificado;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Box component="form" noValidate onSubmit={aoEnviar} aria-labelledby="titulo-certificado-tramita">
        <Typography id="titulo-certificado-tramita" component="h2" variant="h6" sx={{ mb: 2 }}>
          {ambiente ? T.certificadoDoAmbiente(ambiente) : T.secaoCertificado}
        </Typography>
        {!configuracao ? (
          <Alert severity="info">{T.salveAntes}</Alert>
        ) : certificado ? (
          <Box sx={{ mb: 3 }} data-testid="certificado-tramita">
            <ListaDados>
              <ItemDados rotulo="Titular">{certificado.titular}</ItemDados>
              <ItemDados rotulo="Emissor">{certificado.emissor}</ItemDados>
              <ItemDados rotulo="Válido de">{formatarDataHora(certificado.validoDe)}</ItemDados>
              <ItemDados rotulo="Válido até">{formatarDataHora(certificado.validoAte)}</ItemDados>
              <ItemDados rotulo="Impressão digital (SHA-256)">
                <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85em' }}>
                  {certificado.impressao}
                </Box>
              </ItemDados>
            </ListaDados>
          </Box>
        ) : (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {T.semCertificado(ambiente ?? '')}
          </Alert>
        )}
        {configuracao ? (
          <Stack spacing={2}>
            <FormControl disabled={desabilitado}>
              <FormLabel id="formato-certificado-tramita">{T.formato}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="formato-certificado-tramita"
                value={formato}
                onChange={(_evento, valor) => {
                  setFormato(valor as Formato);
                  setErro(null);
                }}
              >
                <FormControlLabel value="PKCS12" control={<Radio />} label={T.formatoPkcs12} />
                <FormControlLabel value="PEM" control={<Radio />} label={T.formatoPem} />
              </RadioGroup>
            </FormControl>
            {formato === 'PKCS12' ? (
              <>
                <EscolhaArquivo
                  nome="arquivo"
                  rotulo={T.escolherP12}
                  aceitar=".p12,.pfx,application/x-pkcs12"
                  arquivo={arquivos.arquivo}
                  desabilitado={desabilitado}
                  aoEscolher={escolher('arquivo')}
                />
                <TextField
                  id="campo-senha-certificado-tramita"
                  label={T.senha}
                  type="password"
                  autoComplete="off"
                  value={senha}
                  onChange={(evento) => setSenha(evento.target.value)}
                  disabled={desabilitado}
                  sx={{ maxWidth: 400 }}
                  slotProps={{ htmlInput: { maxLength: LIMITES_CONFIGURACAO_TRAMITA.senhaMaxima } }}
                />
              </>
            ) : (
              <>
                <EscolhaArquivo
                  nome="certificado"
                  rotulo={T.escolherCertificado}
                  aceitar=".pem,.crt,.cer"
                  arquivo={arquivos.certificado}
                  desabilitado={desabilitado}
                  aoEscolher={escolher('certificado')}
                />
                <EscolhaArquivo
                  nome="chave"
                  rotulo={T.escolherChave}
                  aceitar=".pem,.key"
                  arquivo={arquivos.chave}
                  desabilitado={desabilitado}
                  aoEscolher={escolher('chave')}
                />
                <TextField
                  id="campo-senha-chave-tramita"
                  label={T.senhaChave}
                  type="password"
                  autoComplete="off"
                  value={senhaChave}
                  onChange={(evento) => setSenhaChave(evento.target.value)}
                  disabled={desabilitado}
                  sx={{ maxWidth: 400 }}
                  slotProps={{ htmlInput: { maxLength: LIMITES_CONFIGURACAO_TRAMITA.senhaMaxima } }}
                />
              </>
            )}
            <Typography variant="body2" color="text.secondary">
              {T.ajudaCertificado}
            </Typography>
            {erro ? (
              <Alert severity="error" role="alert" data-testid="erro-certificado-tramita">
                {erro}
              </Alert>
            ) : null}
            <Box>
              <Button type="submit" variant="contained" startIcon={<VpnKeyOutlined />} disabled={desabilitado}>
                {T.enviarCertificado}
              </Button>
            </Box>
          </Stack>
        ) : null}
      </Box>
    </Paper>
  );
}
